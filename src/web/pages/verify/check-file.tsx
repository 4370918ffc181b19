import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { IconHeading, PageContainer, useDocumentTitle } from '../../components/page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input, Label } from '../../components/ui/field.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { getPublicConfig } from '../../lib/public-config.ts';
import { CheckResult } from './check-result.tsx';
import { DropZone } from './drop-zone.tsx';
import { type FileCheckState, useFileCheck } from './use-file-check.ts';

/**
 * /verify: 'Check a report or photo' (issue 34, decision 0060). Anyone holding a report or a photo
 * learns whether ListSync recorded it, and when: the file is hashed here and only its SHA-256 is sent
 * (POST /api/verify), or a SHA-256 is pasted. Public and prerendered; no sign-in.
 */
export function CheckFilePage() {
  useDocumentTitle('Check a report or photo');
  const { siteName } = getPublicConfig();
  const check = useFileCheck();
  const busy = check.state.step === 'hashing' || check.state.step === 'asking';
  return (
    <PageContainer>
      <div className="mx-auto w-full max-w-2xl">
        <IconHeading icon={ShieldCheck}>Check a report or photo</IconHeading>
        <p className="mt-3 text-slate-600">
          Was this report or photo really recorded by {siteName}, and has it been changed since? Drop the file
          below to find out. The answer says whether and when it was recorded, and nothing else.
        </p>
        <Card className="mt-6 grid gap-5 p-4 sm:p-6">
          <DropZone onFile={(file) => void check.checkFile(file)} busy={busy} />
          <CheckState state={check.state} />
          <PasteHash onHash={check.checkHash} invalidMessage={check.invalidHashMessage} busy={busy} />
        </Card>
        <AboutChecks siteName={siteName} />
      </div>
    </PageContainer>
  );
}

/** What is under way, the answer, or why there is none. */
function CheckState({ state }: { state: FileCheckState }) {
  switch (state.step) {
    case 'idle':
      return null;
    case 'hashing':
      return (
        <div className="grid gap-2" data-testid="verify-progress">
          <p className="text-sm text-slate-700">
            Reading <span className="font-semibold break-all">{state.fileName}</span>…
          </p>
          <ProgressBar label="Reading the file" value={Math.round(state.progress * 100)} />
        </div>
      );
    case 'asking':
      return <p className="text-sm text-slate-700">Checking…</p>;
    case 'answered':
      return <CheckResult answer={state.answer} fileName={state.fileName} sha256={state.sha256} />;
    case 'failed':
      return (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {state.message}
        </p>
      );
  }
}

/** Or a SHA-256 already computed (`sha256sum`, a report's printed line), pasted. */
function PasteHash(props: { onHash(text: string): Promise<boolean>; invalidMessage: string; busy: boolean }) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setInvalid(!(await props.onHash(text)));
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-2 border-t border-slate-200 pt-4">
      <Label htmlFor={id}>Or paste a SHA-256</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
          placeholder="64 characters, 0-9 and a-f"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="font-mono text-sm"
        />
        <Button type="submit" variant="secondary" disabled={props.busy || text.trim() === ''}>
          Check
        </Button>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {props.invalidMessage}
        </p>
      )}
    </form>
  );
}

/** What a match means and what it does not, and how to check a report's embedded data. */
function AboutChecks({ siteName }: { siteName: string }) {
  return (
    <div className="mt-8 grid gap-6 text-sm leading-relaxed text-slate-600">
      <section>
        <h2 className="text-base font-semibold text-slate-900">What the answer means</h2>
        <p className="mt-1">
          {siteName} keeps the SHA-256 fingerprint of every report it issues and of every photo it receives,
          as it was sent and as {siteName} keeps it. The same file always has the same fingerprint; a file
          changed in any way has another. A match means this exact file was recorded then. No record means it
          is not a file {siteName} recorded: files that were edited or saved again no longer match, and photos
          forwarded by messaging apps are re-compressed, so check the original file or the one downloaded from{' '}
          {siteName}.
        </p>
      </section>
      <section>
        <h2 className="text-base font-semibold text-slate-900">Check a report’s data too</h2>
        <p className="mt-1">
          Each report carries its data as a file attached inside the PDF, report-data.json, and the SHA-256
          printed in its Verification box is of that file. Save the attachment from your PDF reader (its
          attachments panel, or <code className="font-mono text-xs">pdfdetach -saveall report.pdf</code>) and
          drop it here: its fingerprint is recorded as well. It lists every task, who ticked it and when, and
          each photo’s ID and SHA-256.
        </p>
      </section>
    </div>
  );
}
