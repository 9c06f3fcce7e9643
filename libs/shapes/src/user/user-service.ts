import { Field, Method, Namespace, Root, Service, Type } from 'protobufjs';
import { UserShapeError } from './user-shape-error';

/** The package the wrapper and service of the user's message are declared in, beside the user's own. */
export const USER_PACKAGE = 'wirebench.user';

export interface UserService {
  rowsMessage: string;
  grpcService: string;
}

/** The user's proto may not declare the package wirebench declares its wrapper in. */
export function checkPackageFree(root: Root): void {
  if (root.lookup(USER_PACKAGE))
    throw new UserShapeError(
      `the proto declares ${USER_PACKAGE}, the package wirebench keeps for its own wrapper and service`,
      'proto',
    );
}

/**
 * Declares in `root`, in a package of its own, what proto/shapes.proto declares for each built-in shape:
 * `Rows { repeated <message> rows = 1; }`, the same two request messages and a service with GetRows and
 * StreamRows, so the servers serve the user's message as they serve a built-in one, and reflection describes it.
 */
export function declareUserService(root: Root, message: string): UserService {
  checkPackageFree(root);
  const pkg = root.define(USER_PACKAGE) as Namespace;
  pkg.add(new Type('Rows').add(new Field('rows', 1, `.${message}`, 'repeated')));
  pkg.add(new Type('GetRowsParam').add(new Field('count', 1, 'int32')));
  pkg.add(
    new Type('StreamRowsParam')
      .add(new Field('count', 1, 'int32'))
      .add(new Field('offset', 2, 'int32'))
      .add(new Field('chunk_rows', 3, 'int32')),
  );
  pkg.add(
    new Service('UserService')
      .add(new Method('GetRows', 'rpc', 'GetRowsParam', 'Rows'))
      .add(new Method('StreamRows', 'rpc', 'StreamRowsParam', 'Rows', false, true)),
  );
  root.resolveAll();
  return { rowsMessage: `${USER_PACKAGE}.Rows`, grpcService: `${USER_PACKAGE}.UserService` };
}
