"""What happened to every character of every witness: kept, duplicate of a named passage, reader artifact, or
layout (line breaks, blank lines, the spaces around a line). Read off the model; the four add up to the whole."""
from __future__ import annotations

from collections import defaultdict

from pipeline.text.model import Block, Document, Passage


def _text_ranges(block: Block) -> list[tuple[int, int, int]]:
    """For each span of a joined block: (start in block text, end in block text, witness offset)."""
    out, pos = [], 0
    for span in block.spans:
        out.append((pos, pos + span.size, span.start))
        pos += span.size + 1  # the space that joined the lines
    return out


def account(doc: Document, passages: list[Passage], label_of: dict[str, str]) -> list[dict]:
    kept: dict[int, list[tuple[int, int]]] = defaultdict(list)
    owner: dict[int, Passage] = {}
    for p in passages:
        for b in p.attested:
            owner[id(b)] = p
        for b, s, e in p.parts:
            kept[id(b)].append((s, e))
    lines_of: dict[str, list] = defaultdict(list)  # each witness's lines and blocks, in order, in one pass
    blocks_of: dict[str, list[Block]] = defaultdict(list)
    for line in doc.lines:
        lines_of[line.witness].append(line)
    for b in doc.blocks:
        blocks_of[b.witness].append(b)
    per_witness = []
    for w in doc.witnesses:
        counts = {"kept": 0, "duplicate": 0, "artifact": 0, "layout": 0}
        duplicates, artifacts = [], []
        lines, blocks = lines_of[w.id], blocks_of[w.id]
        # line breaks, blank lines, and the white space around what a line holds
        counts["layout"] = len(w.text) - sum(line.end - line.start for line in lines)
        counts["layout"] += sum(line.end - line.start for line in lines if line.kind in ("blank", "content"))
        counts["layout"] -= sum(span.size for b in blocks for span in b.spans)
        for line in lines:
            if line.kind == "label":
                counts["layout"] += len(line.text) - len(line.text.strip())
            if line.kind == "artifact":
                counts["artifact"] += line.end - line.start
                artifacts.append({"line": line.number, "text": line.text.strip(), "role": line.artifact})
            elif line.kind == "label":
                counts["kept"] += len(line.text.strip())  # the note's number, kept as its @n
        for b in blocks:
            p = owner.get(id(b))
            for t0, t1, off in _text_ranges(b):
                inside = sum(max(0, min(t1, e) - max(t0, s)) for s, e in kept.get(id(b), []))
                counts["kept"] += inside
                if t1 - t0 - inside:
                    counts["duplicate"] += t1 - t0 - inside
                    duplicates.append({"start": off, "end": off + t1 - t0, "characters": t1 - t0 - inside,
                                       "duplicate_of": label_of.get(p.id, p.id) if p else None,
                                       "kept_in": sorted({doc.witness(x.witness).name for x, _, _ in p.parts})
                                       if p else []})
        if sum(counts.values()) != len(w.text):
            doc.warn(f"{len(w.text) - sum(counts.values())} characters not accounted for", w)
        per_witness.append({
            "file": w.name, "id": w.id, "sha256": w.sha256, "bytes": w.size_bytes, "bom": w.bom,
            "characters": len(w.text), **counts,
            # NFC normalization changed the text: the characters as read (the counts are of the normalized text)
            **({"characters_read": w.characters_read} if w.characters_read is not None else {}),
            "accounted_percent": 100.0 if len(w.text) == 0 else round(
                100.0 * (sum(counts.values())) / len(w.text), 3),
            "duplicates": duplicates, "artifacts": artifacts,
        })
    return per_witness
