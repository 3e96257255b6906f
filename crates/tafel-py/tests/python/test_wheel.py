"""The installed wheel is the one people get (scripts/python-wheel.sh): its extension module is
built for the stable ABI (one file for Python 3.11 and later) and stripped of symbols and debug
information."""

import struct
from pathlib import Path

from tafel import _tafel


def section_names(data):
    """The section names of a 64-bit little-endian ELF file."""
    assert data[:6] == b"\x7fELF\x02\x01"
    (offset,) = struct.unpack_from("<Q", data, 0x28)
    size, count, names_index = struct.unpack_from("<HHH", data, 0x3A)
    headers = [data[offset + i * size:offset + (i + 1) * size] for i in range(count)]
    names_offset, = struct.unpack_from("<Q", headers[names_index], 0x18)
    names = []
    for header in headers:
        (name,) = struct.unpack_from("<I", header, 0)
        start = names_offset + name
        names.append(data[start:data.index(b"\0", start)].decode())
    return names


def test_the_extension_is_abi3_and_stripped():
    path = Path(_tafel.__file__)
    assert path.name == "_tafel.abi3.so"
    names = section_names(path.read_bytes())
    assert ".text" in names and ".dynsym" in names
    assert ".symtab" not in names
    assert not [name for name in names if name.startswith(".debug")]
