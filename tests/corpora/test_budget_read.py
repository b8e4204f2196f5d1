"""Budget.read sizes its reads by the declared length, and still reads (and limits) what a stream really holds."""

import io

import pytest

import fsviz
from fsviz.corpora.formats import CorpusError
from fsviz.corpora.formats.limits import CHUNK, Budget


class Recording(io.BytesIO):
    def __init__(self, data):
        super().__init__(data)
        self.asked = []

    def read(self, size=-1):
        self.asked.append(size)
        return super().read(size)


def test_a_declared_size_sizes_the_reads():
    stream = Recording(b"x" * 2000)
    assert Budget(fsviz.Limits(), "t").read(stream, size=2000) == b"x" * 2000
    assert stream.asked == [2001, 2001]  # the data, then the end
    stream = Recording(b"x" * 2000)
    Budget(fsviz.Limits(), "t").read(stream)
    assert stream.asked == [CHUNK, CHUNK]


@pytest.mark.parametrize("declared", [0, 10, 1999])
def test_a_stream_longer_than_declared_is_read_to_its_end(declared):
    assert Budget(fsviz.Limits(), "t").read(Recording(b"y" * 2000), size=declared) == b"y" * 2000


def test_the_byte_limit_holds_whatever_is_declared():
    with pytest.raises(CorpusError, match="max_bytes"):
        Budget(fsviz.Limits(max_bytes=100), "t").read(Recording(b"z" * 500), size=10)
