// linkmatch, the CLI. The program is the Swift library LinkMatchCLI (Sources/CLI); linkmatch_program.h says why
// the executable is a C file.
#include "linkmatch_program.h"
LINKMATCH_PROGRAM(linkmatch_cli_main)
