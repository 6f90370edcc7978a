"""The size of every text a PDF shows, read from the file itself (for the slide tests).

A text's size is its font size (the em of Tf times the text and page matrices, Tm and cm) times
the font's height from ascender to descender (the FontDescriptor's Ascent - Descent, per 1000 em):
the convention of scanviz's scenes and of ImGui, so that "28 px of 1080" means the same on the
projected window and on the page. Only what cairo writes is read: objects in the clear,
content streams in Flate, no object streams or cross-reference streams.
"""

import re
import zlib

_OBJECT = re.compile(rb"(\d+) 0 obj\s*(.*?)\s*endobj", re.S)
_STREAM = re.compile(rb"^(<<.*>>)\s*stream\r?\n(.*)\r?\nendstream$", re.S)
_TOKEN = re.compile(rb"\s*(?:(%[^\r\n]*)|(\()|(<<|>>|\[|\])|(<[0-9A-Fa-f\s]*>)|(/[^\s/\[\]()<>{}%]*)"
                    rb"|([-+]?(?:\d+\.?\d*|\.\d+))|([A-Za-z'\"*]+))")


def _objects(data):
    objects = {}
    for m in _OBJECT.finditer(data):
        body = m.group(2)
        s = _STREAM.match(body)
        if s:
            head, raw = s.group(1), s.group(2)
            objects[int(m.group(1))] = (head, zlib.decompress(raw) if b"/FlateDecode" in head else raw)
        else:
            objects[int(m.group(1))] = (body, None)
    return objects


def _literal_string(content, start):
    """The string that opens at content[start] == '(' and the index after it."""
    depth, i, out = 0, start, bytearray()
    while i < len(content):
        c = content[i:i + 1]
        if c == b"\\":
            out += content[i + 1:i + 2]
            i += 2
            continue
        if c == b"(":
            depth += 1
            if depth > 1:
                out += c
        elif c == b")":
            depth -= 1
            if depth == 0:
                return bytes(out), i + 1
            out += c
        else:
            out += c
        i += 1
    raise ValueError("a string in a content stream does not end")


def _tokens(content):
    i = 0
    while i < len(content):
        m = _TOKEN.match(content, i)
        if not m or m.end() == i:
            i += 1
            continue
        comment, paren, delim, hexstr, name, num, op = m.groups()
        if paren:
            text, i = _literal_string(content, m.start(2))
            yield ("string", text)
            continue
        i = m.end()
        if comment:
            continue
        if delim:
            yield ("delim", delim)
        elif hexstr:
            yield ("string", hexstr)
        elif name:
            yield ("name", name)
        elif num:
            yield ("number", float(num))
        elif op:
            yield ("op", op)


def _multiply(a, b):
    """The matrix a then b, as PDF writes them: [a b c d e f]."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def _shown_sizes(content):
    """(em in page units, text) for every string shown by Tj, TJ, ' and \"."""
    identity = [1, 0, 0, 1, 0, 0]
    ctm, stack, tm, em, operands, shown, array = identity, [], identity, 0.0, [], [], None
    for kind, value in _tokens(content):
        if kind == "delim" and value == b"[":
            array = []
        elif kind == "delim" and value == b"]":
            operands.append(array or [])
            array = None
        elif array is not None:
            array.append(value)
        elif kind != "op":
            operands.append(value)
        else:
            if value == b"q":
                stack.append(ctm)
            elif value == b"Q" and stack:
                ctm = stack.pop()
            elif value == b"cm" and len(operands) >= 6:
                ctm = _multiply([float(x) for x in operands[-6:]], ctm)
            elif value == b"BT":
                tm = identity
            elif value == b"Tm" and len(operands) >= 6:
                tm = [float(x) for x in operands[-6:]]
            elif value == b"Tf" and len(operands) >= 2:
                em = float(operands[-1])
            elif value in (b"Tj", b"TJ", b"'", b'"'):
                m = _multiply(tm, ctm)
                scale = (m[2] ** 2 + m[3] ** 2) ** 0.5  # the text's vertical unit on the page
                strings = operands[-1] if isinstance(operands[-1], list) else [operands[-1]]
                text = b"".join(s for s in strings if isinstance(s, bytes))
                shown.append((em * scale, text.decode("latin-1")))
            operands = []
    return shown


def pdf_text_sizes(path):
    """For each page in order: its height in points and the (size in points, text) of each text."""
    data = open(path, "rb").read()
    objects = _objects(data)
    heights = [(int(a) - int(d)) / 1000 for a, d in re.findall(rb"/Ascent (-?\d+)\s+/Descent (-?\d+)", data)]
    line = min(heights) if heights else 1.0  # the smallest font's line, per em: the cautious one
    root = next(body for body, _ in objects.values() if re.search(rb"/Type\s*/Pages\b", body)
                and not re.search(rb"/Parent", body))
    pages = []

    def walk(number):
        body, _ = objects[number]
        if re.search(rb"/Type\s*/Pages\b", body):
            kids = re.search(rb"/Kids\s*\[(.*?)\]", body, re.S).group(1)
            for kid in re.findall(rb"(\d+) 0 R", kids):
                walk(int(kid))
            return
        box = [float(x) for x in re.search(rb"/MediaBox\s*\[([^\]]*)\]", body).group(1).split()] \
            if re.search(rb"/MediaBox", body) else None
        contents = re.search(rb"/Contents\s*(?:\[(.*?)\]|(\d+) 0 R)", body, re.S)
        refs = re.findall(rb"(\d+) 0 R", contents.group(1)) if contents.group(1) else [contents.group(2)]
        content = b"\n".join(objects[int(r)][1] or b"" for r in refs)
        pages.append({"height": box[3] - box[1] if box else None,
                      "texts": [(em * line, text) for em, text in _shown_sizes(content)]})

    kids = re.search(rb"/Kids\s*\[(.*?)\]", root, re.S).group(1)
    for kid in re.findall(rb"(\d+) 0 R", kids):
        walk(int(kid))
    media = re.search(rb"/MediaBox\s*\[([^\]]*)\]", root)
    for p in pages:
        if p["height"] is None and media:
            box = [float(x) for x in media.group(1).split()]
            p["height"] = box[3] - box[1]
    return pages
