import { SignupScreen } from '../../features/landing/components/signup-screen.tsx';

export function SignupRoute() {
  return <SignupScreen />;
}
