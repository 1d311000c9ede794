#!/usr/bin/python3
"""Renders a `tmux capture-pane -e -p` capture (text with ANSI escapes) to a PNG.

Usage: render_screenshot.py CAPTURE.ans OUT.png COLUMNS ROWS

Uses pyte to interpret the escapes and Pillow with DejaVu Sans Mono to draw the cells, with a
dark palette close to common terminal themes. Debian: apt-get install python3-pyte python3-pil
fonts-dejavu-core.
"""
import sys

import pyte
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
FONT_SIZE = 16
PADDING = 14
BACKGROUND = (30, 33, 40)
FOREGROUND = (220, 223, 228)
PALETTE = {
    "black": (40, 44, 52), "red": (224, 108, 117), "green": (152, 195, 121),
    "brown": (229, 192, 123), "yellow": (229, 192, 123), "blue": (97, 175, 239),
    "magenta": (198, 120, 221), "cyan": (86, 182, 194), "white": (220, 223, 228),
}


def color(name, default):
    if name == "default":
        return default
    if name in PALETTE:
        return PALETTE[name]
    try:  # pyte reports 256-colour and true-colour values as hex strings.
        return tuple(int(name[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return default


def render(capture, out, columns, rows):
    screen = pyte.Screen(columns, rows)
    stream = pyte.Stream(screen)
    # capture-pane separates rows with bare newlines; a terminal needs CR LF.
    stream.feed(capture.rstrip("\n").replace("\n", "\r\n"))

    regular = ImageFont.truetype(FONT_DIR + "DejaVuSansMono.ttf", FONT_SIZE)
    bold = ImageFont.truetype(FONT_DIR + "DejaVuSansMono-Bold.ttf", FONT_SIZE)
    ascent, descent = regular.getmetrics()
    cell_width = round(regular.getlength("M"))
    cell_height = ascent + descent  # Box-drawing glyphs span exactly this: lines join up.

    image = Image.new("RGB", (columns * cell_width + 2 * PADDING, rows * cell_height + 2 * PADDING), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for y in range(rows):
        line = screen.buffer[y]
        for x in range(columns):
            char = line[x]
            fg = color(char.fg, FOREGROUND)
            bg = color(char.bg, BACKGROUND)
            if char.fg != "default" and char.bold and char.fg in PALETTE:
                fg = tuple(min(255, c + 25) for c in fg)
            if char.reverse:
                fg, bg = bg, fg
            px = PADDING + x * cell_width
            py = PADDING + y * cell_height
            if bg != BACKGROUND:
                draw.rectangle([px, py, px + cell_width - 1, py + cell_height - 1], fill=bg)
            if char.data.strip():
                draw.text((px, py), char.data, font=bold if char.bold else regular, fill=fg)
            if char.underscore:
                draw.line([px, py + cell_height - 3, px + cell_width - 1, py + cell_height - 3], fill=fg)
    image.save(out)


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as handle:
        render(handle.read(), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
