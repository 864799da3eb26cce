// Placeholder: the fuzzing library (issue 5).
import LinkMatch
