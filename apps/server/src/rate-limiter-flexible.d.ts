// rate-limiter-flexible's index requires every store it supports (about 70 kB bundled); the server reads
// the one class it uses from its own file, which exports the class as the module itself. Their
// types are the package's own. `http/rate-limit.ts` references this file, so every program that compiles
// it (the benchmarks' and the journeys' too) has these declarations.
declare module 'rate-limiter-flexible/lib/RateLimiterDrizzle.js' {
  import { RateLimiterDrizzle } from 'rate-limiter-flexible';
  export default RateLimiterDrizzle;
}
