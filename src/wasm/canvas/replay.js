// Replays a figure's drawing, recorded in wasm by src/wasm/canvas/display_list.rs, on a canvas'
// 2D context in one call. Each call from wasm into JavaScript goes through wasm-bindgen's glue
// (a wrapper, a string decoded from wasm memory), which costs more than the canvas call itself
// while the page's code is still cold; a figure of a few hundred calls is one crossing this way.
//
// `ops` is a flat list of numbers: an opcode, then its operands. `pool` holds every string of
// the drawing one after another, and `ends` where each ends in it (UTF-16 code units), so the
// strings are cut from one decoded text; `images` holds the RGBA pixels of the images put. The
// opcodes are display_list.rs's OP_* constants, named the same below. Returns false when an
// "expect" stopped it.

// The opcodes, as display_list.rs names and numbers them (a wasm test holds the two together).
const OP_FILL_STYLE = 0;
const OP_STROKE_STYLE = 1;
const OP_LINE_WIDTH = 2;
const OP_FONT = 3;
const OP_ALIGN = 4;
const OP_BASELINE = 5;
const OP_FILL_RECT = 6;
const OP_STROKE_RECT = 7;
const OP_LINE = 8;
const OP_POLYGON = 9;
const OP_CIRCLE = 10;
const OP_TEXT = 11;
const OP_TURNED_TEXT = 12;
const OP_BACKING_STORE = 13;
const OP_PUT_IMAGE = 14;
const OP_CSS_SIZE = 15;
const OP_ATTRIBUTE = 16;
const OP_STAMP = 17;
const OP_EXPECT = 18;
const OP_CLEAR_RECT = 19;

/** The canvas property holding the number of the painting it shows. */
const PAINTING = "__sweepmapPainting";

/**
 * A context state no drawing uses (it only affects drawImage, which the drawing never calls), set
 * after each whole painting. Assigning the canvas's width, even the same one, or
 * context.reset() clears the pixels and resets the state while the canvas keeps its PAINTING
 * number: the reset state tells such a canvas from one still showing the painting.
 */
const PAINTED_MARK = "medium";

/** The state a drawing relies on and does not set itself, as a new context has it. */
function resetState(context) {
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  context.globalCompositeOperation = "source-over";
}

export function replay(canvas, ops, pool, ends, images) {
  // A list that starts by sizing the backing store sizes it before the context is asked for, as
  // a canvas is best sized before its first use.
  if (ops[0] === OP_BACKING_STORE && (canvas.width !== ops[1] || canvas.height !== ops[2])) {
    canvas.width = ops[1];
    canvas.height = ops[2];
  }
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("the canvas has another kind of context than 2D");
  const strings = new Array(ends.length);
  let start = 0;
  for (let index = 0; index < ends.length; index += 1) {
    strings[index] = pool.slice(start, ends[index]);
    start = ends[index];
  }
  const count = ops.length;
  let at = 0;
  while (at < count) {
    switch (ops[at]) {
      case OP_FILL_STYLE: // fill style: string
        context.fillStyle = strings[ops[at + 1]];
        at += 2;
        break;
      case OP_STROKE_STYLE: // stroke style: string
        context.strokeStyle = strings[ops[at + 1]];
        at += 2;
        break;
      case OP_LINE_WIDTH: // line width
        context.lineWidth = ops[at + 1];
        at += 2;
        break;
      case OP_FONT: // font: string
        context.font = strings[ops[at + 1]];
        at += 2;
        break;
      case OP_ALIGN: // text align: string
        context.textAlign = strings[ops[at + 1]];
        at += 2;
        break;
      case OP_BASELINE: // text baseline: string
        context.textBaseline = strings[ops[at + 1]];
        at += 2;
        break;
      case OP_FILL_RECT: // fill rectangle: x, y, width, height
        context.fillRect(ops[at + 1], ops[at + 2], ops[at + 3], ops[at + 4]);
        at += 5;
        break;
      case OP_CLEAR_RECT: // clear rectangle (transparent): x, y, width, height
        context.clearRect(ops[at + 1], ops[at + 2], ops[at + 3], ops[at + 4]);
        at += 5;
        break;
      case OP_STROKE_RECT: // stroke rectangle: x, y, width, height
        context.strokeRect(ops[at + 1], ops[at + 2], ops[at + 3], ops[at + 4]);
        at += 5;
        break;
      case OP_LINE: // line: x0, y0, x1, y1
        context.beginPath();
        context.moveTo(ops[at + 1], ops[at + 2]);
        context.lineTo(ops[at + 3], ops[at + 4]);
        context.stroke();
        at += 5;
        break;
      case OP_POLYGON: {
        // filled polygon: point count, then x, y of each
        const points = ops[at + 1];
        context.beginPath();
        context.moveTo(ops[at + 2], ops[at + 3]);
        for (let point = 1; point < points; point += 1) {
          context.lineTo(ops[at + 2 + 2 * point], ops[at + 3 + 2 * point]);
        }
        context.closePath();
        context.fill();
        at += 2 + 2 * points;
        break;
      }
      case OP_CIRCLE: // filled circle: x, y, radius
        context.beginPath();
        context.arc(ops[at + 1], ops[at + 2], ops[at + 3], 0, Math.PI * 2);
        context.fill();
        at += 4;
        break;
      case OP_TEXT: // text: string, x, y
        context.fillText(strings[ops[at + 1]], ops[at + 2], ops[at + 3]);
        at += 4;
        break;
      case OP_TURNED_TEXT: // text turned to read bottom to top: string, x, y
        context.translate(ops[at + 2], ops[at + 3]);
        context.rotate((270 / 180) * Math.PI);
        context.fillText(strings[ops[at + 1]], 0, 0);
        context.setTransform(1, 0, 0, 1, 0, 0);
        at += 4;
        break;
      case OP_BACKING_STORE: // backing store: width, height
        if (canvas.width !== ops[at + 1] || canvas.height !== ops[at + 2]) {
          canvas.width = ops[at + 1];
          canvas.height = ops[at + 2];
        } else {
          resetState(context);
        }
        at += 3;
        break;
      case OP_PUT_IMAGE: {
        // image: byte offset in images, width, height, x, y
        const offset = ops[at + 1];
        const width = ops[at + 2];
        const height = ops[at + 3];
        const pixels = new Uint8ClampedArray(images.buffer, images.byteOffset + offset, width * height * 4);
        context.putImageData(new ImageData(pixels, width, height), ops[at + 4], ops[at + 5]);
        at += 6;
        break;
      }
      case OP_CSS_SIZE: // CSS size: width, height in CSS pixels
        canvas.style.width = `${ops[at + 1]}px`;
        canvas.style.height = `${ops[at + 2]}px`;
        at += 3;
        break;
      case OP_ATTRIBUTE: // attribute of the canvas: name, value (strings)
        canvas.setAttribute(strings[ops[at + 1]], strings[ops[at + 2]]);
        at += 3;
        break;
      case OP_STAMP: // the number of the painting the canvas now shows
        canvas[PAINTING] = ops[at + 1];
        context.imageSmoothingQuality = PAINTED_MARK;
        at += 2;
        break;
      case OP_EXPECT: // go on only over the painting with this number, at this size: number, width, height
        if (
          canvas[PAINTING] !== ops[at + 1] ||
          canvas.width !== ops[at + 2] ||
          canvas.height !== ops[at + 3] ||
          context.imageSmoothingQuality !== PAINTED_MARK
        ) {
          return false;
        }
        resetState(context);
        at += 4;
        break;
      default:
        throw new Error(`sweepmap: unknown drawing operation ${ops[at]} at ${at}`);
    }
  }
  return true;
}
