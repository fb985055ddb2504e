import Foundation
import NIOConcurrencyHelpers
#if canImport(Glibc)
    import Glibc
#endif

/// glibc's (2.34+) "close every descriptor from this one up" for the child; Swift's Glibc module leaves it out.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnActionsCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32

/// A child process started with posix_spawn. Foundation's `Process` lists /proc/self/fd to close
/// what a child would inherit, and crashed reading it when the parallel tests held thousands of
/// files open; here the child closes them itself, from descriptor 3 up.
final class ChildProcess: Sendable {
    let pid: pid_t
    private let status = NIOLockedValueBox<Int32?>(nil)

    struct CannotStart: Error, CustomStringConvertible {
        let tool: String
        let code: Int32
        var description: String { "\(tool) could not be started: \(String(cString: strerror(code)))" }
    }

    /// `output`: where the child's standard output and error go; nil discards them.
    init(_ tool: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment, output: Int32? = nil)
        throws
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, output, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        _ = spawnActionsCloseFrom(&actions, 3)
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, tool, &actions, nil, argv, envp)
        guard code == 0 else { throw CannotStart(tool: tool, code: code) }
        self.pid = pid
    }

    var isRunning: Bool {
        status.withLockedValue { status in
            guard status == nil else { return false }
            var raw: Int32 = 0
            guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
            status = Self.exitCode(raw)
            return false
        }
    }

    /// Waits for the child to end; its exit code, or 128 + the signal that ended it.
    @discardableResult
    func wait() -> Int32 {
        if let known = status.withLockedValue({ $0 }) { return known }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
        let code = Self.exitCode(raw)
        status.withLockedValue { $0 = code }
        return code
    }

    func signal(_ signal: Int32) { kill(pid, signal) }

    private static func exitCode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }

    /// Runs a tool to its end: its exit code, and what it wrote to standard output and error.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let pipe = Pipe()
        let child = try ChildProcess(tool, arguments, output: pipe.fileHandleForWriting.fileDescriptor)
        try pipe.fileHandleForWriting.close()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (child.wait(), output)
    }
}
