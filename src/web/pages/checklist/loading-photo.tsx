import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useT } from '../../i18n/i18n.tsx';

/**
 * A large photo inside a viewer's frame: a spinner until it has arrived, and what went wrong if it
 * cannot be loaded. The frame (a positioned box) is the caller's.
 */
export function LoadingPhoto({ src, alt }: { src: string | null; alt: string }) {
  const t = useT();
  const [loading, setLoading] = useState<'loading' | 'loaded' | 'failed'>('loading');
  return (
    <>
      {src && loading !== 'failed' && (
        <img
          src={src}
          alt={alt}
          onLoad={() => setLoading('loaded')}
          onError={() => setLoading('failed')}
          className="h-full w-full object-contain"
        />
      )}
      {loading === 'loading' && (
        <span className="absolute inset-0 flex items-center justify-center">
          <Spinner label={t('photo.loading')} />
        </span>
      )}
      {loading === 'failed' && (
        <p role="alert" className="flex flex-col items-center gap-2 px-6 text-center text-sm text-slate-200">
          <ImageOff className="h-8 w-8" aria-hidden="true" />
          {t('photo.loadFailed')}
        </p>
      )}
    </>
  );
}
