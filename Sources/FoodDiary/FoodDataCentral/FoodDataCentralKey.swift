import FoodDiaryBase
import FoodDiaryStorage
import Foundation

/// Which api.data.gov key an online search uses: the diary's own, else the server's
/// (`FOODDIARY_FDC_API_KEY`), else the shared `DEMO_KEY`. A key is a secret: it is shown masked,
/// sent in a header, and never logged.
struct FoodDataCentralKey: Sendable, Equatable {
    enum Origin: Sendable, Equatable { case diary, server, demo }

    let value: String
    let origin: Origin

    static func choose(diary: String?, server: String?) -> FoodDataCentralKey {
        if let diary, !diary.isEmpty { return .init(value: diary, origin: .diary) }
        if let server, !server.isEmpty { return .init(value: server, origin: .server) }
        return .init(value: FoodDataCentralOnline.demoKey, origin: .demo)
    }

    /// The key a diary's online searches use now.
    static func current(in diary: AppDatabase, server: String?) async throws -> FoodDataCentralKey {
        choose(diary: try await diary.foodDataCentralKey(), server: server)
    }

    var isDemo: Bool { origin == .demo }

    /// "••••••••3f9a": enough to tell two keys apart, not enough to use one.
    static func masked(_ key: String) -> String {
        String(repeating: "•", count: 8) + key.suffix(4)
    }

    /// api.data.gov's keys are 40 letters and digits; a little leeway for mirrors' own.
    static func validate(_ text: String) -> Result<String, KeyProblem> {
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else { return .failure(KeyProblem(message: tr("Paste the key api.data.gov sent you."))) }
        guard key.count <= 100, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return .failure(
                KeyProblem(
                    message: tr("That is not an api.data.gov key: a key is letters and digits only, like the 40 in the e-mail they sent.")))
        }
        return .success(key)
    }

    struct KeyProblem: Error, Equatable {
        let message: String
    }
}
