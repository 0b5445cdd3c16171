/**
 * Route option for hot reads whose answers a presenter builds, typed by the route's response schema: the answer is
 * written as it is instead of being checked against the schema on the way out, which costs more than reading it when a
 * listing holds thousands of nodes or a page is read a thousand times a second. The route's tests parse its answers
 * with the schema instead.
 */
export const typedAnswer = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
