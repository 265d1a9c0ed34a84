import { authMessages } from '@synergie/shared/auth';
import { Copy, Download } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { notify } from '~/lib/toast';

/** The 10 backup codes given at enrolment, to copy or download: each one replaces a code of the app once. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const text = `Codes de secours Synergie Pro (chaque code ne sert qu’une fois)\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify.success(authMessages.backupCodesCopied);
    } catch {
      notify.error('La copie a échoué\u00a0: sélectionnez les codes et copiez-les à la main.');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'codes-de-secours-synergie-pro.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-3">
      <ul
        aria-label="Codes de secours"
        className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" />
          Copier les codes
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" />
          Télécharger
        </Button>
      </div>
    </div>
  );
}
