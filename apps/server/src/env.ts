import { z } from 'zod';

const schema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(8788),
  PRODUCT_NAME: z
    .string()
    .min(1)
    .default('Heavy Rotation')
    .refine((name) => !/spotify/i.test(name), 'must not contain "Spotify"'),
  SPOTIFY_CLIENT_ID: z.string().min(1).optional(),
  SPOTIFY_ACCOUNTS_URL: z.url().default('https://accounts.spotify.com'),
  SPOTIFY_API_URL: z.url().default('https://api.spotify.com/v1'),
  PUBLIC_ORIGIN: z.url().optional(),
  PUBLIC_ANON_KEY: z.string().min(20).default('heavy-rotation-public-anon-key'),
  WEB_DIST: z.string().optional(),
});

export type Env = z.infer<typeof schema>;

/** Reads and checks the environment once; a bad value stops the start with the variable's name. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}
