"""Calls a wirebench gRPC server as a Python team would: code generated from proto/ by grpcio-tools, the generated
stub, and the reply printed by Google's json_format (the reference proto3 JSON mapping, defaults included).

usage: fetch_rows.py ADDRESS SERVICE METHOD COUNT [--stream CHUNK_ROWS OFFSET]
  SERVICE fully qualified (wirebench.shapes.NumericService); prints {"<rows field>": [...], "messages": N}.
"""
import importlib
import json
import os
import sys
import tempfile

import grpc
from google.protobuf import json_format
from grpc_tools import protoc

try:
    from importlib.resources import files as resource_files
except ImportError:  # pragma: no cover - Python < 3.9
    resource_files = None

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
PROTO_DIR = os.path.join(ROOT, 'proto')


def generate(out_dir):
    """proto/*.proto -> <name>_pb2.py and <name>_pb2_grpc.py, with grpc_tools' bundled google/protobuf types."""
    well_known = str(resource_files('grpc_tools') / '_proto')
    protos = sorted(f for f in os.listdir(PROTO_DIR) if f.endswith('.proto'))
    args = ['protoc', f'-I{PROTO_DIR}', f'-I{well_known}', f'--python_out={out_dir}', f'--grpc_python_out={out_dir}', *protos]
    if protoc.main(args) != 0:
        sys.exit(f'protoc failed on {", ".join(protos)}')
    sys.path.insert(0, out_dir)
    return protos


def find_stub(protos, service):
    """The generated <Service>Stub and the module holding the request messages, from a fully-qualified name."""
    package, _, name = service.rpartition('.')
    for proto in protos:
        module = proto[: -len('.proto')]
        messages = importlib.import_module(f'{module}_pb2')
        if messages.DESCRIPTOR.package == package and name in messages.DESCRIPTOR.services_by_name:
            return getattr(importlib.import_module(f'{module}_pb2_grpc'), f'{name}Stub'), messages, messages.DESCRIPTOR.services_by_name[name]
    sys.exit(f'no service {service} in {", ".join(protos)}')


def as_json(message):
    return json_format.MessageToDict(message, always_print_fields_with_no_presence=True)


def main(argv):
    if len(argv) not in (5, 8):
        sys.exit(__doc__)
    address, service, method, count = argv[1], argv[2], argv[3], int(argv[4])
    with tempfile.TemporaryDirectory(prefix='wirebench-py-') as out_dir:
        protos = generate(out_dir)
        stub_class, _, descriptor = find_stub(protos, service)
        method_descriptor = descriptor.methods_by_name[method]
        request_class = getattr(importlib.import_module(method_descriptor.input_type.file.name[: -len('.proto')] + '_pb2'), method_descriptor.input_type.name)
        options = [('grpc.max_receive_message_length', 1 << 30)]
        with grpc.insecure_channel(address, options=options) as channel:
            call = getattr(stub_class(channel), method)
            if len(argv) == 8:
                request = request_class(count=count, chunk_rows=int(argv[6]), offset=int(argv[7]))
                replies = list(call(request, timeout=60))
            else:
                replies = [call(request_class(count=count), timeout=60)]
    # Every reply is the rows wrapper: one repeated field, whose JSON name is the key of the merged object.
    field = method_descriptor.output_type.fields[0]
    rows = [row for reply in replies for row in as_json(reply).get(field.json_name, [])]
    print(json.dumps({field.json_name: rows, 'messages': len(replies)}))


if __name__ == '__main__':
    main(sys.argv)
