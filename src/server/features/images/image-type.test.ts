import { describe, expect, it } from 'vitest';
import { imageBytes } from '@tests/kit/images';
import { imageTypeOf } from './image-type.js';

// The first gate of POST /api/images: the file's own bytes say what it is, whatever its name or
// declared type. (A file whose signature is right but whose body is damaged passes here and is
// refused when sharp decodes it: images.test.ts.)

describe('imageTypeOf', () => {
  it('knows PNG, JPEG and WebP by their signatures', async () => {
    expect(imageTypeOf(await imageBytes('png'))).toBe('png');
    expect(imageTypeOf(await imageBytes('jpeg'))).toBe('jpeg');
    expect(imageTypeOf(await imageBytes('webp'))).toBe('webp');
  });

  it('refuses SVG (with or without an XML declaration), GIF and HEIC', async () => {
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).toBeNull();
    expect(imageTypeOf(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    const gif = await imageBytes('gif');
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(imageTypeOf(gif)).toBeNull();
    // An ISO-BMFF box: size, 'ftyp', brand 'heic'.
    expect(imageTypeOf(Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypheicmif1heic')]))).toBeNull();
  });

  it('refuses a text file named like an image, and a RIFF file that is not WebP (a WAV)', () => {
    expect(imageTypeOf(Buffer.from('name,email\nAda,ada@example.com\n'))).toBeNull();
    expect(imageTypeOf(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
  });

  it('refuses a PNG or WebP cut inside its signature, and nothing at all', async () => {
    const png = await imageBytes('png');
    expect(imageTypeOf(png.subarray(0, 7))).toBeNull();
    expect(imageTypeOf((await imageBytes('webp')).subarray(0, 11))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
    // Cut after the signature, it still names PNG: decoding is what refuses it.
    expect(imageTypeOf(png.subarray(0, png.length >> 1))).toBe('png');
  });
});
