import { useSearch } from 'wouter';
import { CheckFilePage } from './verify/check-file.tsx';
import { ShareLinkNotice } from './verify/share-link-notice.tsx';

/**
 * /verify: 'Check a report or photo' (decision 0060). With `?checklist=` it is still the legacy form
 * of a shared link the spec's client built, which says where shared checklists open.
 */
export default function VerifyPage() {
  const search = useSearch();
  return new URLSearchParams(search).has('checklist') ? <ShareLinkNotice /> : <CheckFilePage />;
}
