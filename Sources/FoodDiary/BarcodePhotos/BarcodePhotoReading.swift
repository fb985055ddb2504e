import FoodDiaryPhotos
import FoodDiaryWeb
import Foundation

/// What a photo of a package says: its product barcodes, read after the photo passes the checks
/// every photo does (its type sniffed, its pixels counted before decoding, every pixel decoded).
/// The photo itself is not kept: the upload's file goes with the request.
enum BarcodePhotoReading {
    enum Outcome: Sendable, Equatable {
        case codes([String])
        case noCode
        case refused(PhotoRejection)
    }

    static func read(_ upload: UploadedFile, admission: PhotoAdmission) async throws -> Outcome {
        guard upload.byteCount > 0 else { return .refused(.empty) }
        let path = upload.temporaryPath
        do {
            let codes = try await admission.admit(path) { _ in try BarcodeReader.codes(in: path) }.result
            return codes.isEmpty ? .noCode : .codes(codes)
        } catch let rejection as PhotoRejection {
            return .refused(rejection)
        }
    }
}
