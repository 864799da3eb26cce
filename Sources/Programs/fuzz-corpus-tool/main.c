// fuzz-corpus-tool, corpus chores for scripts/. The program is the Swift library FuzzCorpusTool
// (Sources/Fuzz/CorpusTool); linkmatch_program.h says why the executable is a C file.
#include "linkmatch_program.h"
LINKMATCH_PROGRAM(linkmatch_corpus_tool_main)
