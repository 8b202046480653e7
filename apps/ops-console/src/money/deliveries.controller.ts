import { Body, Controller, Get, Header, Logger, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { replayWakeUp } from '@momo/contracts';
import { DeliveryLogRepository, OpsViewsRepository } from '@momo/data';
import { JobProducer } from '@momo/platform';
import { ConsoleAudit } from '../audit/console-audit.service';
import { SignedIn, SignedInRequest, viewerOf } from '../auth/signed-in';
import { html, when } from '../pages/html';
import { actionForm, page } from '../pages/layout';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Deliveries replayed per click: a large backlog goes in rounds rather than one burst at a merchant that just came back. */
const REPLAY_BATCH = 500;

/** Webhook deliveries that ran out of attempts, by app, with a bulk replay once the merchant's endpoint is back. */
@Controller('deliveries')
export class DeliveriesController {
  private readonly logger = new Logger(DeliveriesController.name);

  constructor(
    private readonly views: OpsViewsRepository,
    private readonly deliveries: DeliveryLogRepository,
    private readonly producer: JobProducer,
    private readonly audit: ConsoleAudit,
  ) {}

  @Get('abandoned')
  @Header('content-type', 'text/html; charset=utf-8')
  async abandoned(@SignedIn() signedIn: SignedInRequest, @Query('replayed') replayed?: string): Promise<string> {
    const viewer = viewerOf(signedIn);
    const apps = await this.views.abandonedDeliveriesByApp();
    const body = html`<section class="panel">
      <p class="muted">A delivery is abandoned after its last scheduled attempt failed. Replaying sends the same event (same body and X-Service-Delivery) again now, with a new round of attempts, exactly as the merchant's own replay does, up to ${REPLAY_BATCH} per click.</p>
      ${apps.length === 0
        ? html`<p class="empty">No abandoned delivery.</p>`
        : html`<table class="responsive"><thead><tr><th>Merchant · app</th><th>Mode</th><th class="num">Abandoned</th><th>Oldest · newest</th><th>Last answer</th><th></th></tr></thead>
          <tbody>${apps.map(
            (a) => html`<tr><td data-label="App"><strong>${a.merchantName}</strong> · ${a.appName}</td><td data-label="Mode">${a.mode}</td>
              <td class="num" data-label="Abandoned"><strong>${a.count}</strong></td><td data-label="When">${when(a.oldest)} · ${when(a.newest)}</td>
              <td data-label="Last answer"><span class="muted">${a.lastAnswer ?? '—'}</span></td>
              <td data-label="">${actionForm(viewer, '/deliveries/abandoned/replay', `Replay ${Math.min(a.count, REPLAY_BATCH)}`, { appId: a.appId, mode: a.mode })}</td></tr>`,
          )}</tbody></table>`}
    </section>`;
    return page({
      title: 'Abandoned webhook deliveries',
      path: '/deliveries/abandoned',
      viewer,
      body,
      notice: replayed !== undefined ? `${Number(replayed) || 0} deliveries replayed; their attempts follow within moments.` : null,
    });
  }

  @Post('abandoned/replay')
  async replay(@SignedIn() signedIn: SignedInRequest, @Body() body: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const appId = typeof body?.appId === 'string' && UUID.test(body.appId) ? body.appId : null;
    const mode = body?.mode === 'live' || body?.mode === 'test' ? body.mode : null;
    if (signedIn.session.operator.role !== 'operator') {
      await this.audit.record(signedIn, 'replay abandoned deliveries', appId, 'denied', { reason: 'viewer role', mode });
      return void reply.code(403).type('text/html; charset=utf-8').send('<p>Your role cannot replay deliveries.</p>');
    }
    if (!appId || !mode) return void reply.code(400).type('text/html; charset=utf-8').send('<p>Which app and mode? Go back and use the Replay button.</p>');
    const deliveries = await this.deliveries.replayAbandoned(appId, mode, new Date(), REPLAY_BATCH);
    // Recorded in Postgres first; the jobs are only wake-up calls (the dispatcher's sweeper finds due deliveries anyway).
    try {
      await this.producer.addBulk('deliver-webhook', deliveries.map(replayWakeUp));
    } catch (error) {
      this.logger.warn({ appId, err: error }, 'replays recorded but not queued; the dispatcher sweeper will pick them up');
    }
    await this.audit.record(signedIn, 'replay abandoned deliveries', appId, 'ok', { mode, replayed: deliveries.length });
    void reply.redirect(`/deliveries/abandoned?replayed=${deliveries.length}`, 303);
  }
}
