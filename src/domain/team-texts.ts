import { TEAM_ROLE_LABELS, type TeamRole } from './teams.ts';

/**
 * The words of the team screens (the Team page, the invite dialog, the join page, the header's team
 * switcher) that more than one of them says, or that a hook says in a toast. The rules and the
 * server's messages are in teams.ts (TEAM_MESSAGES); these are the web's own. Zod-free: the header
 * imports it.
 */

const KIB = 1024;
const MIB = KIB * 1024;
const GIB = MIB * 1024;

/** One decimal at most, none when whole: 1, 1.5, 12.3. */
function oneDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/**
 * An amount of storage as the plan cards write it ('1 GB', '50 GB'; binary units, as PLAN_LIMITS
 * counts them), without Intl: '0 MB', '340 KB', '12.5 MB', '1.2 GB'.
 */
export function storageAmount(bytes: number): string {
  if (bytes >= GIB) return `${oneDecimal(bytes / GIB)} GB`;
  if (bytes >= MIB) return `${oneDecimal(bytes / MIB)} MB`;
  if (bytes >= KIB) return `${Math.round(bytes / KIB)} KB`;
  return bytes === 0 ? '0 MB' : `${bytes} B`;
}

/** '3 of 10', '3 of Unlimited' (a plan without a limit). */
export function usedOf(used: string | number, limit: string | number | null): string {
  return `${used} of ${limit ?? 'Unlimited'}`;
}

/** 'an Admin', 'a Member', 'the Owner': a role in a sentence. */
export function roleInSentence(role: TeamRole): string {
  if (role === 'owner') return 'the owner';
  return `${role === 'admin' ? 'an' : 'a'} ${TEAM_ROLE_LABELS[role].toLowerCase()}`;
}

export const TEAM_TEXTS = {
  offline: "You're offline. Connect to the internet and try again.",
  sessionEnded: 'Your session has ended. Sign in again to continue.',
  tryAgain: 'Something went wrong. Please try again.',
  loadFailed: 'Your team could not be loaded.',
  upgradePlan: 'Upgrade plan',
  askOwnerToUpgrade: 'Only the team owner can change the plan. Ask them to upgrade to invite more people.',
  teamSettings: 'Team settings',
  switched: (team: string) => `You're now working in ${team}.`,
  switchFailed: 'Could not switch teams',
  invited: (email: string) => `An invitation is on its way to ${email}.`,
  resent: (email: string) => `A new link went to ${email}. The old one no longer works.`,
  withdrawn: (email: string) => `The invitation to ${email} no longer works.`,
  roleChanged: (name: string, role: TeamRole) => `${name} is now ${roleInSentence(role)}.`,
  ownershipHandedOver: (name: string) => `${name} is now the owner. You are an admin.`,
  removed: (name: string) => `${name} was removed from the team.`,
  left: (team: string) => `You left ${team}.`,
  joined: (team: string) => `Welcome to ${team}. Its checklists are on your dashboard.`,
  invitedBy: (inviter: string, team: string, role: TeamRole) =>
    `${inviter} invited you to join ${team} on ListSync as ${roleInSentence(role)}.`,
  signInWith: (email: string) => `Sign in with ${email} to accept.`,
  signedInAs: (email: string) => `You're signed in as ${email}.`,
  expiresOn: (date: string) => `The invitation expires on ${date}.`,
  askForNew: 'Ask the person who invited you to send a new invitation.',
} as const;
