import { Upload } from 'lucide-react';
import { type ChangeEvent, type ComponentProps, type ReactNode, useId, useState } from 'react';
import { cn } from '~/lib/utils';

export const FILE_INPUT_BUTTON = 'Choisir un fichier';
export const FILE_INPUT_EMPTY = 'Aucun fichier choisi';

type FileInputProps = Omit<ComponentProps<'input'>, 'type' | 'children'> & {
  /** The button's words (`Choisir un fichier` by default). */
  children?: ReactNode;
  /** The chosen file's name beside the button (`Aucun fichier choisi` before): off for a button that uploads at once. */
  showFileName?: boolean;
  /** The id of the field's own label: the input's name is that label alone. */
  labelledBy?: string;
};

/**
 * The one file picker of the web app (issue 31): the browser's own button reads `Choose File` in a
 * browser set to English, so the native input is kept for the keyboard and screen readers
 * (focusable, named by the field's label, described by the chosen file's name) but drawn as a
 * French button with the file's name beside it. A click on the button is a click on the input
 * (a `<label>` for it), the focus ring follows the input.
 */
export function FileInput({
  id,
  children = FILE_INPUT_BUTTON,
  showFileName = true,
  labelledBy,
  className,
  onChange,
  disabled,
  'aria-describedby': describedBy,
  ...props
}: FileInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const buttonId = `${inputId}-button`;
  const nameId = `${inputId}-file-name`;
  const [fileName, setFileName] = useState<string | null>(null);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.currentTarget.files;
    setFileName(files && files.length > 0 ? Array.from(files, (file) => file.name).join(', ') : null);
    onChange?.(event);
  };

  return (
    <div className={cn('flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1', className)}>
      <input
        {...props}
        id={inputId}
        type="file"
        disabled={disabled}
        aria-labelledby={labelledBy ?? buttonId}
        aria-describedby={[showFileName ? nameId : null, describedBy].filter(Boolean).join(' ') || undefined}
        onChange={change}
        className="peer sr-only"
      />
      <label
        id={buttonId}
        htmlFor={inputId}
        aria-hidden={labelledBy ? true : undefined}
        className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0"
      >
        <Upload aria-hidden="true" />
        {children}
      </label>
      {showFileName ? (
        <span id={nameId} className="min-w-0 max-w-full truncate text-sm text-slate-700">
          {fileName ?? FILE_INPUT_EMPTY}
        </span>
      ) : null}
    </div>
  );
}
