import Foundation

/// A system call that failed: what was attempted, and `errno`.
package struct POSIXFailure: Error, CustomStringConvertible {
    package let operation: String
    package let code: Int32

    package init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    package var description: String { "\(operation): \(String(cString: strerror(code)))" }
}
