export function SignupRoute() {
  return (
    <main>
      <h1>Sign up</h1>
    </main>
  );
}
