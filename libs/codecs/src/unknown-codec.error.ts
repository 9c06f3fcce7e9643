/**
 * A name that is not a serializer of that family; the message lists the valid ones (400 / INVALID_ARGUMENT / exit 2).
 */
export class UnknownCodecError extends Error {
  constructor(
    readonly codec: unknown,
    readonly validNames: readonly string[],
    family: string,
  ) {
    super(`unknown ${family} serializer ${JSON.stringify(codec)}: valid ones are ${validNames.join(', ')}`);
    this.name = 'UnknownCodecError';
  }
}

/** The 400 body of an unknown `?serializer=`: the JSON servers' other 400s' keys, the valid names as the limit. */
export interface BadSerializerBody {
  statusCode: 400;
  error: 'Bad Request';
  parameter: 'serializer';
  limit: { serializers: string[] };
  message: string;
}
