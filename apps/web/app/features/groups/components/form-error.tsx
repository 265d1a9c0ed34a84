/** The server's French refusal, read out as soon as it appears (role alert), inside the form. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
