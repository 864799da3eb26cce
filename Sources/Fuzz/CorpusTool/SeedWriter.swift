// write-seeds: TODO once the real LinkMatchFuzzing lands (the readable formats are its).
import FuzzEntry

enum SeedWriter {
    static func run(_ options: inout Options) -> Int32 {
        StandardError.write("write-seeds: not yet\n")
        return 1
    }
}
