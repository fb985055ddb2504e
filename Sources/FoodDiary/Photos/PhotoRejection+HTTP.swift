import FoodDiaryPhotos
import FoodDiaryWeb
import HTTPTypes
import Hummingbird

/// The status a refused upload is answered with: not a type of file we keep, one we could not
/// read, or one too large.
extension PhotoRejection {
    var status: HTTPResponse.Status {
        switch self {
        case .empty, .unsupportedType: .unsupportedMediaType
        case .undecodable: .unprocessableContent
        case .tooManyPixels, .tooMuchMetadata: .contentTooLarge
        }
    }

    var httpError: HTTPError { HTTPError(status, message: message) }

    /// `body`, with a photo's refusal answered as an upload's is: its status and its words.
    static func answered<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let rejection as PhotoRejection {
            throw rejection.httpError
        }
    }
}
