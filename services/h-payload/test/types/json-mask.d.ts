declare module 'json-mask' {
  /** json-mask 2.0.0: the parts of `obj` the expression selects (null when none). */
  function mask(obj: unknown, expression: string): unknown;
  export default mask;
}
