import Foundation
import Testing

/// The tests' own way to start a program (openssl, a second server, mount tools).
@Suite struct ChildProcessTests {
    @Test func aChildInheritsNoneOfTheTestsOpenFiles() throws {
        let open = (0..<200).map { _ in Glibc.open("/dev/null", O_RDONLY) }
        defer { open.forEach { close($0) } }
        let (status, output) = try ChildProcess.run("/bin/ls", ["/proc/self/fd"])
        #expect(status == 0)
        // Standard input, output and error, and the directory ls is reading.
        #expect(output.split(separator: "\n").count <= 4, "\(output)")
    }

    @Test func exitCodesAndSignalsAreReported() throws {
        #expect(try ChildProcess.run("/bin/sh", ["-c", "exit 3"]).status == 3)
        let sleeper = try ChildProcess("/bin/sleep", ["30"])
        #expect(sleeper.isRunning)
        sleeper.signal(SIGKILL)
        #expect(sleeper.wait() == 128 + SIGKILL && !sleeper.isRunning)
        #expect(throws: ChildProcess.CannotStart.self) { try ChildProcess("/nonexistent/tool", []) }
    }
}
