import type { HLJSApi, Language } from "highlight.js";
import bash from "highlight.js/lib/languages/bash";

/*
 * Grammars highlight.js does not ship, for languages the sample uses. An edit here renders every
 * post again: the render cache's key holds the source of src/ (src/markdown/cached-render.ts).
 */

/** Zig: keywords, primitive types, `@builtins`, strings (`\\` lines too), chars, numbers, comments. */
export function zig(hljs: HLJSApi): Language {
  return {
    name: "Zig",
    keywords: {
      keyword:
        "addrspace align allowzero and anyframe anytype asm async await break callconv catch comptime const continue defer else enum errdefer error export extern fn for if inline linksection noalias noinline nosuspend opaque or orelse packed pub resume return struct suspend switch test threadlocal try union unreachable usingnamespace var volatile while",
      type: "bool void noreturn type anyerror anyopaque isize usize f16 f32 f64 f80 f128 comptime_int comptime_float c_char c_short c_ushort c_int c_uint c_long c_ulong c_longlong c_ulonglong c_longdouble",
      literal: "true false null undefined",
    },
    contains: [
      hljs.C_LINE_COMMENT_MODE,
      { scope: "string", begin: /\\\\/, end: /$/ },
      { scope: "string", begin: /"/, end: /"/, illegal: /\n/, contains: [hljs.BACKSLASH_ESCAPE] },
      { scope: "string", begin: /'/, end: /'/, illegal: /\n/, contains: [hljs.BACKSLASH_ESCAPE] },
      { scope: "built_in", match: /@[A-Za-z_]\w*/ },
      { scope: "type", match: /\b[iu]\d+\b/ },
      {
        scope: "number",
        match:
          /\b(?:0x[\da-fA-F_]+(?:\.[\da-fA-F_]+)?(?:[pP][-+]?\d+)?|0o[0-7_]+|0b[01_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][-+]?\d+)?)\b/,
      },
      { match: [/\bfn/, /\s+/, /[A-Za-z_]\w*/], scope: { 1: "keyword", 3: "title.function" } },
    ],
  };
}

/** Faust (DSP): keywords, primitives, the composition operators, definitions, strings, numbers, comments. */
export function faust(hljs: HLJSApi): Language {
  return {
    name: "Faust",
    keywords: {
      keyword: "import component library environment with letrec where declare case seq par sum prod process",
      built_in:
        "mem prefix int float rdtable rwtable select2 select3 ffunction fconstant fvariable button checkbox hslider vslider nentry hgroup vgroup tgroup hbargraph vbargraph attach soundfile abs acos asin atan atan2 ceil cos exp floor fmod log log10 max min pow remainder rint sin sqrt tan",
    },
    contains: [
      hljs.C_LINE_COMMENT_MODE,
      hljs.C_BLOCK_COMMENT_MODE,
      hljs.QUOTE_STRING_MODE,
      { scope: "number", match: /\b\d+(?:\.\d*)?(?:[eE][-+]?\d+)?\b|\B\.\d+\b/ },
      { scope: "operator", match: /<:|:>|[:~]/ },
      // A definition: `name =` or `name(args) =`, not `==`.
      { scope: "title.function", match: /\b[A-Za-z_]\w*(?=\s*(?:\([^()]*\))?\s*=(?!=))/ },
    ],
  };
}

/** GDScript (Godot 4): keywords, built-in types, annotations, `func` names, strings, numbers, comments. */
export function gdscript(hljs: HLJSApi): Language {
  return {
    name: "GDScript",
    keywords: {
      keyword:
        "if elif else for while match when break continue pass return class class_name extends is in as not and or self super signal func static const enum var await yield assert breakpoint preload load",
      type: "bool int float void String StringName NodePath Vector2 Vector2i Vector3 Vector3i Vector4 Rect2 Rect2i Transform2D Transform3D Basis Quaternion Color Array Dictionary Callable Signal Object Node Node2D Node3D Resource PackedByteArray PackedStringArray PackedVector2Array",
      literal: "true false null PI TAU INF NAN",
    },
    contains: [
      hljs.HASH_COMMENT_MODE,
      { scope: "string", begin: /"""/, end: /"""/ },
      hljs.QUOTE_STRING_MODE,
      hljs.APOS_STRING_MODE,
      { scope: "meta", match: /@[A-Za-z_]\w*/ },
      { scope: "number", match: /\b(?:0x[\da-fA-F_]+|0b[01_]+|\d[\d_]*(?:\.[\d_]*)?(?:[eE][-+]?\d+)?)\b/ },
      { match: [/\bfunc/, /\s+/, /[A-Za-z_]\w*/], scope: { 1: "keyword", 3: "title.function" } },
    ],
  };
}

/**
 * Shell: highlight.js's bash, plus the command each line or pipeline stage runs (`pip`,
 * `./build/bench`), which bash's grammar leaves plain unless it is a shell built-in: most of a
 * README's blocks would show no colour at all.
 */
export function shell(hljs: HLJSApi): Language {
  const language = bash(hljs);
  const command = {
    scope: "title.function",
    match:
      /(?<=^[ \t]*|[|;&][ \t]*)(?!(?:if|then|else|elif|fi|for|while|until|do|done|case|esac|in|function|select|time)\b)[A-Za-z_./][\w./+-]*(?=[ \t]|$)/,
  };
  return { ...language, contains: [command, ...(language.contains ?? [])] };
}
