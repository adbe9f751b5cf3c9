/** The picture's rotation is a profile field (0, 90, 180 or 270): the image is turned where it is shown. */

/** The next quarter turn, clockwise. */
export function nextRotation(rotation: number): 0 | 90 | 180 | 270 {
  return ([90, 180, 270, 0] as const)[Math.round(((rotation % 360) + 360) % 360 / 90) % 4];
}
