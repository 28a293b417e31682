import { LoginScreen } from '../../features/landing/components/login-screen.tsx';

export function LoginRoute() {
  return <LoginScreen />;
}
