import { useState } from 'react';
import { type User, userInitials } from '#domain/user';
import { cn } from '../lib/cn.ts';

/**
 * The owner's picture from the sign-in provider, served by our own route (the CSP stays 'self'), or
 * their initials when there is none or it does not load. Decorative: the name is always beside it.
 */
export function UserAvatar({ user, className }: { user: User; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const picture = user.avatarUrl && failed !== user.avatarUrl ? user.avatarUrl : null;
  return (
    <span
      aria-hidden="true"
      data-testid="user-avatar"
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-indigo-600 font-semibold text-white select-none',
        className,
      )}
    >
      {picture ? (
        <img
          src={picture}
          alt=""
          width={96}
          height={96}
          className="h-full w-full object-cover"
          onError={() => setFailed(picture)}
        />
      ) : (
        userInitials(user)
      )}
    </span>
  );
}
