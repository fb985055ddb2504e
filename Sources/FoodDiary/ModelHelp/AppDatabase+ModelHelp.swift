import FoodDiaryStorage
import Foundation

/// Whether this diary's person lets meal photos go to the owner's model: no until they say yes.
extension AppDatabase {
    static let modelHelpSetting = "model_help"

    func modelHelpChosen() async throws -> Bool {
        try await setting(Self.modelHelpSetting) == "on"
    }

    func setModelHelp(_ on: Bool) async throws {
        try await setSetting(Self.modelHelpSetting, to: on ? "on" : nil)
    }
}
