import 'react';

// CSS custom properties in `style` (`{ '--rank': colour }`), typed instead of cast at every use.
declare module 'react' {
  interface CSSProperties {
    [property: `--${string}`]: string | number | undefined;
  }
}
