/** Server field errors by input field (`["maxRooms"]` → maxRooms). */
export function fieldErrorMap(errors: readonly { path: readonly string[]; message: string }[]): Record<string, string> {
  const map: Record<string, string> = {}
  for (const error of errors) {
    const field = error.path.at(-1) ?? ''
    map[field] ??= error.message
  }
  return map
}
