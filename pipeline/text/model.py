"""The document model every stage reads and extends.

Like a spaCy ``Doc``: one object goes through small named stages, and every piece of text keeps where it came
from — a :class:`Span` (witness id + character offsets into the decoded witness) — so the report, the
apparatus and the witness lists are read off the model instead of being reconstructed later.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class Span:
    """Characters ``start:end`` of one witness's decoded text."""

    witness: str
    start: int
    end: int

    @property
    def size(self) -> int:
        return self.end - self.start


@dataclass(frozen=True)
class Change:
    """One change of the mechanical layer (``ђ``→``ѣ``, a look-alike, a split heading)."""

    span: Span
    before: str
    after: str
    kind: str


@dataclass(frozen=True)
class Spelling:
    """One word's 1918 spelling where it differs from the book's: characters ``start:end`` (of the passage's text,
    or of a correction's reading when the record belongs to a :class:`Correction`) are ``orig``, read ``reg``."""

    start: int
    end: int
    orig: str
    reg: str


@dataclass(frozen=True)
class Correction:
    """One OCR misreading put right, with its provenance: ``start:end`` of the passage's text is ``sic``, the edition
    reads ``corr``; ``cert`` high|medium|low, ``kind`` the confusion, ``evidence`` the reasons, ``source``
    corrector|override; ``witness`` the characters of the witness the printed form stands in; ``spellings`` the 1918
    spelling of the reading's words (offsets into ``corr``); ``context`` the text around it, for the report."""

    start: int
    end: int
    sic: str
    corr: str
    cert: str
    kind: str
    evidence: tuple[str, ...]
    source: str
    witness: Span | None = None
    context: str = ""
    spellings: tuple[Spelling, ...] = ()


@dataclass(frozen=True)
class Review:
    """A form the corrector could not settle: left as printed, listed for the editors with the readings weighed."""

    start: int
    end: int
    form: str
    candidates: tuple[str, ...]
    reason: str
    witness: Span | None = None
    context: str = ""


@dataclass
class Witness:
    """One source file, decoded; ``text`` is what every offset refers to."""

    id: str
    name: str
    text: str
    sha256: str
    size_bytes: int
    bom: bool = False
    characters_read: int | None = None  # characters before NFC normalization, when it changed the text
    where: str = ""  # the file as the build was given it (source/witnesses/…), for messages


@dataclass
class Line:
    """A physical line of a witness (without its line break) and what *clean* made of it."""

    witness: str
    number: int  # 1-based, for messages
    start: int
    end: int
    text: str
    kind: str = "content"  # content | blank | artifact | label
    artifact: str | None = None  # which reader artifact, when kind == "artifact"


@dataclass
class Block:
    """A paragraph-sized unit of one witness after *normalize*: a line, a piece of a glued line, or lines joined."""

    witness: str
    spans: list[Span]
    text: str
    order: int  # position in its witness
    label: int | None = None  # note number printed before it ("6" on its own line, or after "вернуться")
    after_backlink: bool = False  # preceded by the reader's "вернуться" link: a note
    changes: list[Change] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(s.size for s in self.spans)

    def offset(self, pos: int) -> int:
        """Witness offset of character ``pos`` of ``text`` (lines joined by one space each; a joining space
        maps to the end of the line before it)."""
        at = 0
        for span in self.spans:
            if pos <= at + span.size:
                return span.start + pos - at
            at += span.size + 1
        return self.spans[-1].end


@dataclass(frozen=True)
class Relation:
    """How block ``a`` stands to block ``b`` (indices into :attr:`Document.blocks`), as *collate* found it."""

    a: int
    b: int
    kind: str  # same | a-in-b | b-in-a | a-then-b (a's end is b's start)
    shared: int


@dataclass
class Reading:
    """What one copy reads where it differs from the lemma: ``block.text[start:end]`` (empty: it lacks the words)."""

    block: Block
    start: int
    end: int
    text: str
    spellings: list[Spelling] = field(default_factory=list)  # set by *spelling*: offsets into ``text``


@dataclass
class Variant:
    """A stretch ``start:end`` of a passage's text (the lemma) that copies read otherwise, beyond OCR noise."""

    start: int
    end: int
    readings: list[Reading] = field(default_factory=list)  # the copies that differ, each with its reading
    agree: list[Block] = field(default_factory=list)  # the other copies that cover the stretch and read the lemma


@dataclass
class Passage:
    """One unit of the edited text: the reading kept and every witness block that attests it."""

    id: str
    text: str
    reading: Block  # the block whose text is kept
    attested: list[Block] = field(default_factory=list)  # every block that carries this passage (reading included)
    kind: str = "text"  # set by *structure*: title | decks | rules-head | play-head | rule | p | caption
    parts: list[tuple[Block, int, int]] = field(default_factory=list)  # (block, start, end) that make up ``text``
    n: str | None = None  # set by *structure* for a rule: its number as printed, read as a Latin numeral
    lead: int = 0  # characters of ``text`` before the rule's own words (its number and the stop after it)
    corrections: list[Correction] = field(default_factory=list)  # set by *correct*, in text order
    reviews: list[Review] = field(default_factory=list)  # set by *correct*
    spellings: list[Spelling] = field(default_factory=list)  # set by *spelling*: words of ``text`` not corrected
    variants: list[Variant] = field(default_factory=list)  # set by *readings*: where copies differ from ``text``

    @property
    def witnesses(self) -> list[str]:
        return sorted({b.witness for b in self.attested})

    def locate(self, start: int, end: int) -> Span | None:
        """The witness characters that ``text[start:end]`` was read from (``text`` is the kept parts, stripped,
        joined by single spaces; a block's text is its spans' texts joined the same way); None for characters
        outside every part (a joining space)."""
        pos = 0
        for block, s, e in self.parts:
            piece = block.text[s:e]
            lead = len(piece) - len(piece.lstrip())
            size = len(piece.strip())
            if pos <= start < pos + size:
                at = s + lead + start - pos
                return Span(block.witness, block.offset(at), block.offset(at + min(end, pos + size) - start))
            pos += size + 1
        return None

    def edited(self, start: int = 0, modern: bool = False) -> str:
        """``text[start:]`` as the edition reads it: corrections applied, in the book's or the 1918 spelling."""
        return read(self.text, self.corrections, self.spellings, start, modern)


@dataclass
class Note:
    """A note of the book (numbered 1–20 through the whole book)."""

    n: int
    text: str
    copies: list[Block] = field(default_factory=list)
    game: str | None = None  # slug of the chapter that holds its anchor (or that it belongs to)
    anchor: str = "lost"  # found | lost
    passage: Passage | None = None  # the passage kept for its text


@dataclass
class Chapter:
    """One game of the book as the sources have it."""

    slug: str
    number: int
    passages: list[Passage] = field(default_factory=list)
    title_supplied: bool = False
    lost_start: bool = False
    lost_end: bool = False
    evidence: list[str] = field(default_factory=list)  # how the chapter was identified
    supplied_title: str = ""  # the editors' title where the sources lost it (set by *link*)
    title_spellings: list[Spelling] = field(default_factory=list)  # its words' 1918 spelling (set by *spelling*)


@dataclass(frozen=True)
class Notice:
    """A warning about the sources: ``message``, and the witness file (``name`` as listed, ``where`` as the build
    was given it) and 1-based ``line`` it is about, when there are such."""

    message: str
    name: str | None = None
    line: int | None = None
    where: str | None = None

    def shown(self, path: bool = False) -> str:
        """``file:line: message`` (the file's name, or with ``path`` the file as given); ``file: message`` when
        there is no line; the message alone when it is about no one file."""
        file = (self.where or self.name) if path else self.name
        if file is None:
            return self.message
        return f"{file}:{self.line}: {self.message}" if self.line else f"{file}: {self.message}"


@dataclass
class Document:
    """Everything the stages know about the book."""

    witnesses: list[Witness] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    groups: list[list[int]] = field(default_factory=list)  # set by *collate*: block indices, one group a passage
    relations: list[Relation] = field(default_factory=list)  # set by *collate*: how the copies stand to each other
    note_blocks: dict[int, list[int]] = field(default_factory=dict)  # set by *notes*: note number → its blocks
    note_additions: dict[int, list[int]] = field(default_factory=dict)  # set by *notes*: blocks read after note N
    passages: list[Passage] = field(default_factory=list)  # main text: collation order, then (structure) book order
    duplicates: list[tuple[Block, Passage, str]] = field(default_factory=list)  # block, passage it repeats, how
    notes: dict[int, Note] = field(default_factory=dict)
    chapters: list[Chapter] = field(default_factory=list)
    decisions: list[dict] = field(default_factory=list)  # collation and structure decisions, for the report
    notices: list[Notice] = field(default_factory=list)  # warnings, each with its file and line (see warn)
    errors: list[str] = field(default_factory=list)
    _by_id: dict[str, Witness] = field(default_factory=dict, repr=False)

    def witness(self, wid: str) -> Witness:
        if len(self._by_id) != len(self.witnesses):
            self._by_id = {w.id: w for w in self.witnesses}
        return self._by_id[wid]

    @property
    def warnings(self) -> list[str]:
        """The warnings as the report lists them: ``name:line: message``."""
        return [n.shown() for n in self.notices]

    def warn(self, message: str, at: "Block | Witness | Span | None" = None) -> None:
        """A warning about ``at`` — a block (its first character), a span, a whole witness file, or nothing —
        given once, with the file and line where there is a line."""
        if isinstance(at, Block):
            at = at.spans[0] if at.spans else None
        if isinstance(at, Span):
            w, line = self.witness(at.witness), self.line_at(at.witness, at.start)
        elif isinstance(at, Witness):
            w, line = at, None
        else:
            w, line = None, None
        notice = Notice(message, w.name if w else None, line, (w.where or None) if w else None)
        if notice not in self.notices:
            self.notices.append(notice)

    def line_at(self, wid: str, offset: int) -> int | None:
        """The 1-based number of the line of witness ``wid`` that holds character ``offset``."""
        number = None
        for line in self.lines:
            if line.witness == wid and line.start <= offset:
                number = line.number
        return number


def read(text: str, corrections, spellings, start: int = 0, modern: bool = False) -> str:
    """``text[start:]`` with ``corrections`` applied, and, if ``modern``, every word in its 1918 spelling."""
    out, pos = [], start
    swaps = [(s, None) for s in spellings if s.start >= start] if modern else []
    for at, c in sorted(swaps + [(c, c) for c in corrections if c.start >= start], key=lambda x: x[0].start):
        out.append(text[pos:at.start])
        if c is None:
            out.append(at.reg)
        else:
            out.append(read(c.corr, (), c.spellings, 0, modern))
        pos = at.end
    return "".join(out) + text[pos:]
