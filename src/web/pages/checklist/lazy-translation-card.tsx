import type { Checklist } from '#domain/checklist';
import { useOwnerLanguage } from '../../hooks/use-owner-language.ts';
import { useShares } from '../../hooks/use-shares.ts';
import { ChunkBoundary, lazyChunk } from '../../lib/lazy-chunk.tsx';

const translationCard = lazyChunk(() =>
  import('./translation-card.tsx').then((module) => module.TranslationCard),
);

/**
 * The 'What recipients read' card, downloaded only for a checklist shared in another language than
 * the owner's (a plan with translation): the card has nothing to show before the shares answer, so
 * its code waits for that answer instead of being in every checklist page's first load (decision 0062).
 */
export function LazyTranslationCard({ checklist }: { checklist: Checklist }) {
  const shares = useShares(checklist.id);
  const { language } = useOwnerLanguage();
  const wanted = (shares.data ?? []).some((share) => share.targetLanguage !== language);
  if (!wanted) return null;
  return (
    <ChunkBoundary chunk={translationCard} fallback={null}>
      <translationCard.Component checklist={checklist} />
    </ChunkBoundary>
  );
}
