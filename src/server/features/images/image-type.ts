// The signatures are shared with the page creator, which checks an image it keeps before sign-in.
export { IMAGE_SIGNATURE_BYTES, imageTypeOf, type ImageType } from '@/domain/images';
