import * as z from 'zod';

// The parts of the image sources' replies the resolver reads (docs/product.md, "Artist images").

export const deezerSearch = z.object({
  data: z
    .array(
      z.object({
        name: z.string(),
        picture_big: z.string().nullish(),
        picture_medium: z.string().nullish(),
      }),
    )
    .default([]),
  error: z.unknown().optional(),
});
export const mbArtist = z.object({
  id: z.string(),
  name: z.string(),
  relations: z
    .array(z.object({ type: z.string(), url: z.object({ resource: z.string() }).optional() }))
    .default([]),
});
export const mbSearch = z.object({
  artists: z.array(z.object({ id: z.string(), name: z.string(), score: z.coerce.number() })).default([]),
});
export const wikidataEntity = z.object({
  entities: z.record(
    z.string(),
    z.object({
      claims: z
        .record(
          z.string(),
          z.array(
            z.object({ mainsnak: z.object({ datavalue: z.object({ value: z.unknown() }).optional() }) }),
          ),
        )
        .default({}),
    }),
  ),
});
export const commonsInfo = z.object({
  query: z
    .object({
      pages: z.record(
        z.string(),
        z.object({
          imageinfo: z
            .array(
              z.object({
                thumburl: z.string().optional(),
                thumbwidth: z.number().optional(),
                thumbheight: z.number().optional(),
              }),
            )
            .optional(),
        }),
      ),
    })
    .optional(),
});
