import Crypto
import Foundation

/// SHA-256 written as lowercase hex, as photos are named and checked.
package enum SHA256Digest {
    package static func hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
