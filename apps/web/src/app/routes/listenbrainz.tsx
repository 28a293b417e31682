import { ListenbrainzScreen } from '../../features/landing/components/listenbrainz-screen.tsx';

export function ListenbrainzRoute() {
  return <ListenbrainzScreen />;
}
