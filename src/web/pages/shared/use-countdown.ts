import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a wait ends (the resend cooldown). Counted from the clock, not from ticks,
 * so a phone that slept in between shows the right figure when it wakes. `initialSeconds`: a wait that
 * is already running when the component first draws.
 */
export function useCountdown(initialSeconds = 0) {
  // A wait the page was drawn with (the server's answer to a resend): counting from the first render.
  const [endsAt, setEndsAt] = useState<number | null>(() =>
    initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : null,
  );
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) setEndsAt(null);
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const time = Date.now();
    setNow(time);
    setEndsAt(time + seconds * 1000);
  }, []);

  const secondsLeft = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { secondsLeft, start };
}
