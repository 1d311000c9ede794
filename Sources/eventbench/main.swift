import Foundation

// A synchronous main: valgrind (callgrind, dhat) cannot run an async main.
let request: Options.Request
do {
    request = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("eventbench: \(error.message)\n\n\(Options.usage)\n".utf8))
    exit(2)
}

switch request {
case .help:
    print(Options.usage)
case .trap(let name):
    TrapProbe.run(name)
    FileHandle.standardError.write(Data("eventbench: --trap \(name) did not stop the program\n".utf8))
    exit(0)
case .run(let options):
    print("# eventbench (\(options.quick ? "quick run: rough figures" : "full run"))\n")
    let results = Benchmark(options: options).run()
    print(Report.table(results))
    print()
    print(Targets.section(results))
    let info = Targets.infoSection(results)
    if !info.isEmpty { print(info) }
}
