import sharp from 'sharp'

/**
 * Sample images are drawn here rather than downloaded or committed: soft abstract shapes in each item's
 * colours, rendered to PNG with sharp (which Payload already depends on).
 */
export async function abstractImage(
  colors: readonly [string, string] | readonly string[],
  width: number,
  height: number,
  seed: number,
): Promise<Buffer> {
  const [dark = '#333', light = '#ddd'] = colors
  const cx = (seed * 137) % width
  const cy = (seed * 89) % height
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${cx}" cy="${cy}" r="${Math.round(height * 0.45)}" fill="${light}" fill-opacity="0.35"/>
  <circle cx="${width - cx}" cy="${height - cy}" r="${Math.round(height * 0.3)}" fill="${dark}" fill-opacity="0.25"/>
  <rect x="${Math.round(width * 0.1)}" y="${Math.round(height * 0.78)}" width="${Math.round(width * 0.5)}" height="${Math.round(height * 0.04)}" rx="6" fill="#fff" fill-opacity="0.55"/>
</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
