/** Two-factor authentication, passkeys and active sessions of the signed-in member. */
export function SecuritySection() {
  return (
    <section aria-labelledby="security-title">
      <h2 id="security-title" className="text-2xl font-semibold">
        Sécurité
      </h2>
    </section>
  );
}
