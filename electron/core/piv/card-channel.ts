import type { CardChannel } from '../../../shared/piv/card/card-objects';
import { decodeResponse, encodeCommand, type ApduLength, type CommandApdu, type ResponseApdu } from './apdu';
import { PivError } from '../../../shared/piv/card/errors';
import { concatBytes } from '../../../shared/piv/card/tlv';


/** Upper bound on GET RESPONSE rounds: 64 × 256 bytes covers the largest PIV object (fingerprints). */
const MAX_GET_RESPONSE_ROUNDS = 256;

/**
 * Sends a command and collects its whole answer: follows 61xx with GET RESPONSE (response chaining)
 * and repeats the command once with the right Le on 6Cxx. Returns the final status word unjudged.
 */
export async function exchange(channel: CardChannel, command: CommandApdu, form: ApduLength): Promise<ResponseApdu> {
  let response = decodeResponse(await channel.transmit(encodeCommand(command, form)));
  if ((response.sw & 0xff00) === 0x6c00) {
    response = decodeResponse(await channel.transmit(encodeCommand({ ...command, le: response.sw & 0xff }, 'short')));
  }
  const chunks: Uint8Array[] = [response.data];
  let rounds = 0;
  while ((response.sw & 0xff00) === 0x6100) {
    if (++rounds > MAX_GET_RESPONSE_ROUNDS) {
      throw new PivError('card-error', `The card kept answering 61xx after ${MAX_GET_RESPONSE_ROUNDS} GET RESPONSE rounds`);
    }
    const getResponse: CommandApdu = { cla: 0x00, ins: 0xc0, p1: 0x00, p2: 0x00, le: response.sw & 0xff };
    response = decodeResponse(await channel.transmit(encodeCommand(getResponse, 'short')));
    chunks.push(response.data);
  }
  return { data: concatBytes(...chunks), sw: response.sw };
}
