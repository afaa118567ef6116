import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CABINET_VISITS_SOCKET } from '../../../core/cabinet/calls';
import { type EventBus, TOPICS } from '../../realtime/bus';
import { refuseForeignSocket } from '../../security/csrf';
import type { CabinetService } from './service';

/**
 * `/ws/cabinet/appointments`: tells a doctor's or a clinic's open reception list that one of its
 * visits changed (booked, cancelled, marked) on any app process, so the list reads itself again
 * at once. It carries no patient data, only the visit's id and what happened: the list's call
 * decides what the account may see. Doctor and clinic accounts only, from our own origin.
 *
 * A clinic network's account listens to the branch its session runs. When the account switches
 * branch (in any tab or browser), its sockets are closed with 4001: the list reconnects as it
 * does after any drop, and the new connection listens to the branch the session runs then.
 */
/** The close code of a network account's socket after a branch switch (the list reconnects). */
export const BRANCH_SWITCHED = 4001;

export async function cabinetSocketRoutes(
  app: FastifyInstance,
  { cabinet, bus, publicUrl }: { cabinet: CabinetService; bus: EventBus; publicUrl: string },
) {
  const refuseForeign = refuseForeignSocket(publicUrl);
  const admit = async (request: FastifyRequest) => {
    refuseForeign(request);
    cabinet.liveTopic(await request.viewer());
  };
  app.get(CABINET_VISITS_SOCKET, { websocket: true, preValidation: admit }, async (socket, request) => {
    const viewer = await request.viewer();
    const topic = cabinet.liveTopic(viewer);
    const subscription = bus.subscribe(topic, (message) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    });
    const switched =
      viewer.networkId && viewer.userId !== null
        ? bus.subscribe(TOPICS.branchSwitched(viewer.userId), () => {
            if (socket.readyState === socket.OPEN) socket.close(BRANCH_SWITCHED, 'branch switched');
          })
        : null;
    const stop = () => {
      subscription.unsubscribe();
      switched?.unsubscribe();
    };
    socket.on('close', stop);
    socket.on('error', stop);
    socket.on('message', (data) => {
      if (String(data) === 'ping') socket.send('pong');
    });
    // Listening now: the list reads itself once more, so nothing between its load and here is missed.
    void Promise.all([subscription.ready, switched?.ready]).then(() => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ change: 'listening' }));
    });
  });
}
