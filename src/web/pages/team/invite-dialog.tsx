import { Loader2, Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { isEmailAddress, MAX_EMAIL_LENGTH, normalizeEmail } from '#domain/email';
import { TEAM_TEXTS } from '#domain/team-texts';
import {
  canManageBilling,
  hasFreeSeat,
  type InvitableRole,
  TEAM_LIMITS,
  TEAM_MESSAGES,
  TEAM_ROLE_DESCRIPTIONS,
  type TeamResponse,
} from '#domain/teams';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/dialog.tsx';
import { Input, Label } from '../../components/ui/field.tsx';
import { teamFailure, useInviteMember } from '../../hooks/use-team-actions.ts';
import { isApiError } from '../../lib/api.ts';
import { InvitableRoleSelect } from './roles.tsx';

export interface InviteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  data: TeamResponse;
}

interface Problems {
  email?: string;
  role?: string;
  /** Not about one field: offline, no right to invite, the server failed. */
  form?: string;
}

/** The seat limit a 403 plan_limit_reached names, or null for any other failure. */
function refusedLimit(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'plan_limit_reached') return null;
  const limit = (error.body as { error?: { limit?: unknown } } | null)?.error?.limit;
  return typeof limit === 'number' ? limit : 1;
}

/** The server's 400 as messages under the fields its issues name (the e-mail's when none is named). */
function fieldProblems(error: unknown): Problems {
  if (isApiError(error) && error.code === 'validation_failed') {
    const issues = (error.body as { error?: { issues?: { path: string; message: string }[] } } | null)?.error
      ?.issues;
    const role = issues?.find((issue) => issue.path === 'role');
    if (role) return { role: role.message };
    const email = issues?.find((issue) => issue.path === 'email');
    return { email: email?.message ?? error.serverMessage ?? TEAM_TEXTS.tryAgain };
  }
  return { form: teamFailure(error) };
}

/** What the client can tell before asking: no address, not an address, already here or invited. */
function checkAddress(email: string, data: TeamResponse): string | undefined {
  if (!email.trim()) return 'Enter the e-mail address of the person to invite.';
  if (!isEmailAddress(email)) return 'Enter a valid e-mail address, like name@example.com.';
  const address = normalizeEmail(email);
  if (data.members.some((member) => normalizeEmail(member.email) === address))
    return TEAM_MESSAGES.alreadyMember;
  if (data.invitations.some((invitation) => normalizeEmail(invitation.email) === address)) {
    return TEAM_MESSAGES.alreadyInvited;
  }
  return undefined;
}

/**
 * 'Invite member' (owner and admins): an e-mail address and a role, sent as an invitation whose link
 * works for 7 days. At the plan's seat limit it says so before anything is typed, and offers the plan
 * (the owner pays; an admin is told to ask them); a 403 plan_limit_reached says the same.
 */
export default function InviteDialog({ open, onOpenChange, data }: InviteDialogProps) {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [problems, setProblems] = useState<Problems>({});
  const [refused, setRefused] = useState<number | null>(null);

  useEffect(() => {
    if (open) {
      setEmail('');
      setRole('member');
      setProblems({});
      setRefused(null);
    }
  }, [open]);

  const { tier, seats } = data.team;
  const limit = refused ?? (hasFreeSeat(tier, seats.used) ? null : (seats.limit ?? 0));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkAddress(email, data);
    if (problem) {
      setProblems({ email: problem });
      return;
    }
    setProblems({});
    try {
      await invite.mutateAsync({ email: normalizeEmail(email), role });
      onOpenChange(false);
    } catch (error) {
      const over = refusedLimit(error);
      if (over !== null) setRefused(over);
      else setProblems(fieldProblems(error));
    }
  }

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={limit === null ? 'Invite member' : 'Your team is full'}
      description={
        limit === null
          ? `They get an e-mail with a link to join ${data.team.name}, good for ${TEAM_LIMITS.invitationDays} days.`
          : TEAM_MESSAGES.seatLimitReached(limit)
      }
      busy={invite.isPending}
    >
      {limit === null ? (
        <InviteForm
          email={email}
          role={role}
          problems={problems}
          pending={invite.isPending}
          onEmail={(value) => {
            setEmail(value);
            setProblems((current) => ({ ...current, email: undefined, form: undefined }));
          }}
          onRole={setRole}
          onCancel={() => onOpenChange(false)}
          onSubmit={(event) => void submit(event)}
        />
      ) : (
        <SeatLimitReached owner={canManageBilling(data.myRole)} onClose={() => onOpenChange(false)} />
      )}
    </ModalDialog>
  );
}

function InviteForm({
  email,
  role,
  problems,
  pending,
  onEmail,
  onRole,
  onCancel,
  onSubmit,
}: {
  email: string;
  role: InvitableRole;
  problems: Problems;
  pending: boolean;
  onEmail(value: string): void;
  onRole(role: InvitableRole): void;
  onCancel(): void;
  onSubmit(event: FormEvent): void;
}) {
  const ids = useId();
  return (
    <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
      <div>
        <Label htmlFor={`${ids}-email`}>E-mail address</Label>
        <Input
          id={`${ids}-email`}
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          className="mt-1.5"
          placeholder="name@example.com"
          value={email}
          maxLength={MAX_EMAIL_LENGTH}
          aria-invalid={problems.email ? true : undefined}
          aria-describedby={problems.email ? `${ids}-email-error` : undefined}
          onChange={(event) => onEmail(event.target.value)}
        />
        <FieldProblem id={`${ids}-email-error`} text={problems.email} />
      </div>
      <div>
        <Label htmlFor={`${ids}-role`}>Role</Label>
        <InvitableRoleSelect
          id={`${ids}-role`}
          value={role}
          aria-invalid={problems.role ? true : undefined}
          aria-describedby={`${ids}-role-hint${problems.role ? ` ${ids}-role-error` : ''}`}
          onRole={onRole}
          className="mt-1.5 h-11"
        />
        <p id={`${ids}-role-hint`} className="mt-1.5 text-sm text-slate-600">
          {TEAM_ROLE_DESCRIPTIONS[role]}.
        </p>
        <FieldProblem id={`${ids}-role-error`} text={problems.role} />
      </div>
      {problems.form && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {problems.form}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          Send invitation
        </Button>
      </div>
    </form>
  );
}

function FieldProblem({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-700">
      {text}
    </p>
  );
}

/** At (or over) the seat limit (what the plan includes is the dialog's description): the way to more seats. */
function SeatLimitReached({ owner, onClose }: { owner: boolean; onClose(): void }) {
  return (
    <div className="mt-2" data-testid="seat-limit-reached">
      {!owner && <p className="text-sm leading-relaxed text-slate-600">{TEAM_TEXTS.askOwnerToUpgrade}</p>}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {owner && (
          <Button asChild>
            <Link href="/pricing" onClick={onClose}>
              <Sparkles className="h-4 w-4" aria-hidden="true" />
              {TEAM_TEXTS.upgradePlan}
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
