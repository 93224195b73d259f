import { Check, Copy, Download } from 'lucide-react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { useCopyToClipboard } from '#web/lib/use-copy-to-clipboard';

const FILE_NAME = 'agentcart-recovery-codes.txt';

function download(codes: string[]) {
  const text = [
    'AgentCart recovery codes',
    'Each code signs you in once if you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Recovery codes, shown once, right after they were generated: the notice, the codes, a download and a
 * copy. The server keeps them encrypted and never shows them again.
 */
export function RecoveryCodes({ codes, title, onDone }: { codes: string[]; title: string; onDone(): void }) {
  const { state, copy } = useCopyToClipboard();
  return (
    <Alert variant="success" title={title}>
      <p>
        Recovery codes were generated. Save them somewhere safe, such as a password manager: each one signs
        you in once if you lose your phone. They will not be shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="mt-3 grid w-fit grid-cols-2 gap-x-10 gap-y-1 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => download(codes)}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button variant="outline" size="sm" onClick={() => copy(codes.join('\n'))}>
          {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the codes' : 'Copy'}
        </Button>
        <Button size="sm" onClick={onDone}>
          I have saved my codes
        </Button>
      </div>
    </Alert>
  );
}
